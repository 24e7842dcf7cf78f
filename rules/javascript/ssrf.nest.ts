// A NestJS upload module: the client names a URL the server downloads. A namespace import
// reaches axios through `.default`.
import { Body, Controller, Injectable, Post } from '@nestjs/common';
import * as axios from 'axios';

@Injectable()
export class UploadService {
  async fetchRemote(url: string) {
    // ruleid: SSRF
    const response = await axios.default.get(url, { responseType: 'arraybuffer', maxRedirects: 10 });
    return response.data;
  }

  async fetchRates(base: string) {
    // ok: SSRF
    const response = await axios.default.get(`https://rates.example.com/v1/latest?base=${encodeURIComponent(base)}`);
    return response.data;
  }
}

@Controller('upload')
export class UploadController {
  constructor(private readonly uploads: UploadService) {}

  @Post('from-url')
  async fromUrl(@Body() body: { url: string; currency: string }) {
    const file = await this.uploads.fetchRemote(body.url);
    const rates = await this.uploads.fetchRates(body.currency);
    return { size: file.length, rates };
  }
}
