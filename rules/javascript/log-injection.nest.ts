import { Body, Controller, Injectable, Logger, Post } from '@nestjs/common';

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
