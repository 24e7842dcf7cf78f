import { Body, Controller, Param, Patch, Post } from '@nestjs/common';
import { IsString } from 'class-validator';
import { Repository } from 'typeorm';
import { Customer } from './customer.entity';

export class RenameCustomerDto {
  @IsString()
  name!: string;
}

@Controller('customers')
export class CustomersController {
  constructor(private readonly customers: Repository<Customer>) {}

  @Patch(':id')
  update(@Param('id') id: string, @Body() body: Partial<Customer>) {
    // ruleid: MASS_ASSIGNMENT
    return this.customers.update(id, body);
  }

  @Post(':id/name')
  rename(@Param('id') id: string, @Body() dto: RenameCustomerDto) {
    // ok: MASS_ASSIGNMENT
    return this.customers.update(id, { name: dto.name });
  }

  @Post(':id/note')
  note(@Param('id') id: string, @Body() body: { note: string }) {
    // ok: MASS_ASSIGNMENT
    return this.customers.update(id, { note: body.note });
  }
}
