import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { promises as fs } from 'fs';
import * as path from 'path';

@Injectable()
export class ReportsService {
  constructor(private readonly dataSource: DataSource) {}

  search(term: string) {
    // ruleid: SQL_INJECTION
    return this.dataSource.query(`SELECT * FROM reports WHERE title LIKE '%${term}%'`);
  }

  byId(id: number) {
    // ok: SQL_INJECTION
    return this.dataSource.query(`SELECT * FROM reports WHERE id = ${id}`);
  }

  async store(folder: string, name: string, data: Buffer) {
    // ruleid: PATH_TRAVERSAL
    await fs.writeFile(path.join('/srv/reports', folder, name), data);
  }
}
