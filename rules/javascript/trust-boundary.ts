import { Body, Controller, Post, Session } from '@nestjs/common';

interface CheckoutSession {
  currency?: string;
  coupon?: string;
}

const CURRENCIES = new Set(['EUR', 'USD']);

@Controller('checkout')
export class CheckoutController {
  @Post('coupon')
  applyCoupon(@Body('coupon') coupon: string, @Session() session: CheckoutSession) {
    // ruleid: TRUST_BOUNDARY_VIOLATION
    session.coupon = coupon;
  }

  @Post('currency')
  currency(@Body('currency') currency: string, @Session() session: CheckoutSession) {
    if (!CURRENCIES.has(currency)) return;
    // ok: TRUST_BOUNDARY_VIOLATION
    session.currency = currency;
  }
}
