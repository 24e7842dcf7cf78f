import { Body, Controller, Get, Injectable, Logger, NotFoundException, Param, Post } from '@nestjs/common';

interface OutboundNotice {
  to: string;
  subject: string;
  context: Record<string, string>;
}

// NestJS's Logger prints an object message as JSON (`JSON.stringify(message, null, 2)`): a line break in one of
// its fields comes out as `\n`. A string-typed message is printed as it is.
@Injectable()
export class NoticeService {
  deliver(notice: OutboundNotice, label: string) {
    // ok: LOG_INJECTION
    Logger.log(notice, 'NoticeService#deliver');
    // ruleid: LOG_INJECTION
    Logger.log(label, 'NoticeService#deliver');
  }
}

@Controller('notices')
export class NoticeController {
  constructor(private readonly notices: NoticeService) {}

  @Post('reset')
  reset(@Body('address') address: string) {
    this.notices.deliver({ to: address, subject: 'Reset', context: { address } }, `reset for ${address}`);
  }
}

// A key the server's own table holds: past a failed look-up that leaves, the value is one the server configured.
@Controller('sign-in')
export class SignInController {
  private readonly logger = new Logger('sign-in');
  private readonly providers = new Map<string, { title: string }>([['github', { title: 'GitHub' }]]);
  constructor(private readonly settings: { realms: { name: string }[] }) {}

  @Get('provider/:key')
  provider(@Param('key') key: string) {
    const found = this.providers.get(key);
    if (!found) {
      // ruleid: LOG_INJECTION
      this.logger.warn(`no provider ${key}`);
      throw new NotFoundException();
    }
    // ok: LOG_INJECTION
    this.logger.log(`sign-in through ${key}`);
    return found.title;
  }

  @Get('realm/:name')
  realm(@Param('name') name: string) {
    const realm = this.settings.realms.find((r) => r.name === name);
    if (!realm) throw new NotFoundException();
    // ok: LOG_INJECTION
    this.logger.log(`realm ${name}`);
    return realm;
  }

  @Get('guess/:name')
  guess(@Param('name') name: string) {
    const realm = this.settings.realms.find((r) => r.name.startsWith(name.slice(0, 2)));
    if (!realm) throw new NotFoundException();
    // ruleid: LOG_INJECTION
    this.logger.log(`realm like ${name}`);
    return realm;
  }
}

// The same look-up in a method of the service: a caller's argument is vetted once the method returned.
@Injectable()
export class RealmService {
  constructor(private readonly settings: { realms: { name: string }[] }) {}

  realmNamed(name: string) {
    const realm = this.settings.realms.find((r) => r.name === name);
    if (!realm) {
      throw new NotFoundException(`no realm ${name.length}`);
    }
    return realm;
  }
}

@Controller('realms')
export class RealmController {
  private readonly logger = new Logger('realms');
  constructor(private readonly realms: RealmService) {}

  @Get(':name')
  show(@Param('name') name: string) {
    const realm = this.realms.realmNamed(name);
    // ok: LOG_INJECTION
    this.logger.log(`showing realm ${name}`);
    return realm;
  }

  @Get('raw/:name')
  raw(@Param('name') name: string) {
    // ruleid: LOG_INJECTION
    this.logger.log(`raw realm ${name}`);
    return name;
  }
}
