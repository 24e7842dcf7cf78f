import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { readFile } from 'fs/promises';
import * as path from 'path';
import { Roles } from '../auth/roles.decorator';
import { AdminGuard } from '../auth/admin.guard';

@Controller('admin')
@UseGuards(AdminGuard)
@Roles('admin')
export class AdminController {
  // Only administrators reach this controller: the log file they pick is the operator's choice.
  @Get('logs')
  async logs(@Query('file') file: string) {
    // ok: PATH_TRAVERSAL
    return readFile(path.join('/var/log/reports', file), 'utf8');
  }
}
