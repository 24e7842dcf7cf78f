import { Body, Controller, Get, Header, Headers, Param, ParseIntPipe, Post, Query, Redirect, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { Response } from 'express';
import { z } from 'zod';
import { ReportsService } from './reports.service';

const shareReplySchema = z.object({ status: z.string(), note: z.string() });

@Controller('reports')
export class ReportsController {
  constructor(private readonly reports: ReportsService) {}

  @Get('search')
  async search(@Query('q') q: string) {
    return this.reports.search(q);
  }

  @Get(':id')
  async byId(@Param('id', ParseIntPipe) id: number) {
    return this.reports.byId(id);
  }

  @Get(':id/preview')
  @Header('Content-Type', 'text/html')
  preview(@Param('id') id: string) {
    // ruleid: XSS
    return `<h1>Report ${id}</h1>`;
  }

  @Get(':id/json')
  summary(@Param('id') id: string) {
    // A handler without an HTML type answers JSON.
    // ok: XSS
    return { id, title: `Report ${id}` };
  }

  @Get('go')
  @Redirect('/reports', 302)
  go(@Query('to') to: string) {
    // ruleid: OPEN_REDIRECT
    return { url: to };
  }

  @Get('home')
  @Redirect('/reports', 302)
  home(@Query('page') page: string) {
    // ok: OPEN_REDIRECT
    return { url: `/reports?page=${encodeURIComponent(page)}` };
  }

  @Get('legacy')
  legacy(@Headers('referer') referer: string, @Query('next') next: string, @Res() res: Response) {
    // ruleid: OPEN_REDIRECT
    res.redirect(next);
  }

  // A schema's parse of an object literal gives an object, which Express sends as JSON.
  @Post('share')
  share(@Body() shareRequest: { note: string }, @Res({ passthrough: true }) res: Response) {
    const reply = shareReplySchema.parse({ status: 'shared', note: shareRequest.note });
    if (!shareRequest.note) {
      // ruleid: XSS
      res.status(400).send(`<p>No note in ${JSON.stringify(shareRequest)}</p>`);
      return;
    }
    // ok: XSS
    res.status(200).send(reply);
  }

  @Post('import')
  @UseInterceptors(FileInterceptor('file'))
  async import(@UploadedFile() file: Express.Multer.File, @Body('folder') folder: string) {
    return this.reports.store(folder, file.originalname, file.buffer);
  }
}
