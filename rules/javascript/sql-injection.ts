import { Controller, Get, Param, ParseIntPipe, Query } from '@nestjs/common';
import { DataSource, Repository } from 'typeorm';
import { Invoice } from './invoice.entity';

@Controller('invoices')
export class InvoicesController {
  constructor(
    private readonly dataSource: DataSource,
    private readonly invoices: Repository<Invoice>,
  ) {}

  @Get('search')
  search(@Query('customer') customer: string) {
    // ruleid: SQL_INJECTION
    return this.dataSource.query(`SELECT * FROM invoices WHERE customer = '${customer}'`);
  }

  @Get(':id')
  one(@Param('id', ParseIntPipe) id: number) {
    // ok: SQL_INJECTION
    return this.dataSource.query(`SELECT * FROM invoices WHERE id = ${id}`);
  }

  @Get('by-status')
  byStatus(@Query('status') status: string) {
    // ruleid: SQL_INJECTION
    return this.invoices.createQueryBuilder('i').where(`i.status = '${status}'`).getMany();
  }

  @Get('sorted')
  sorted(@Query() query: { sort: string }) {
    // ruleid: SQL_INJECTION
    return this.invoices.createQueryBuilder('i').orderBy(query.sort).getMany();
  }

  @Get('by-status/v2')
  byStatusV2(@Query('status') status: string) {
    // ok: SQL_INJECTION
    return this.invoices.createQueryBuilder('i').where('i.status = :status', { status }).getMany();
  }
}
