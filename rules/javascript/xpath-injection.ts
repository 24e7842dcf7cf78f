import { Controller, Get, Query } from '@nestjs/common';
import * as xpath from 'xpath';
import { DOMParser } from '@xmldom/xmldom';
import { readFileSync } from 'node:fs';

const stock = new DOMParser().parseFromString(readFileSync('/srv/stock.xml', 'utf8'), 'text/xml');
const WAREHOUSE = /^[A-Z]{3}$/;

@Controller('stock')
export class StockController {
  @Get()
  level(@Query('warehouse') warehouse: string) {
    // ruleid: XPATH_INJECTION
    return xpath.select(`//warehouse[@code='${warehouse}']/level/text()`, stock);
  }

  @Get('v2')
  levelV2(@Query('warehouse') warehouse: string) {
    if (!WAREHOUSE.test(warehouse)) return [];
    // ok: XPATH_INJECTION
    return xpath.select(`//warehouse[@code='${warehouse}']/level/text()`, stock);
  }
}
