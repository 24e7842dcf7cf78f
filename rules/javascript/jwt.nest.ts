// NestJS: a JWT key in a service field, the module registration and a passport-jwt strategy.
import { Injectable, Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import * as jwt from 'jsonwebtoken';

@Injectable()
export class TokenService {
  // ruleid: HARDCODED_SECRET
  private readonly jwtSecret = process.env.JWT_SECRET || 'super-secret-key-123';
  // ok: HARDCODED_SECRET
  private readonly refreshSecret = process.env.REFRESH_SECRET;
  // ok: HARDCODED_SECRET
  private readonly audience = 'shop-api';
  // jsonwebtoken refuses an empty key.
  // ok: HARDCODED_SECRET
  private readonly partnerSecret = process.env.PARTNER_SECRET || '';

  issue(userId: number) {
    return jwt.sign({ sub: userId }, this.jwtSecret, { audience: this.audience });
  }

  check(token: string) {
    return jwt.verify(token, this.refreshSecret ?? this.partnerSecret);
  }
}

@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy) {
  constructor() {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      // ruleid: HARDCODED_SECRET
      secretOrKey: 'nest-demo-key',
    });
  }
}

@Module({
  imports: [
    JwtModule.register({
      // ruleid: HARDCODED_SECRET
      secret: process.env.JWT_SECRET ?? 'dev-only',
      signOptions: { expiresIn: '1h' },
    }),
  ],
  providers: [TokenService, JwtStrategy],
})
export class AuthModule {}

@Module({
  imports: [
    JwtModule.register({
      // ok: HARDCODED_SECRET
      secret: process.env.JWT_SECRET,
    }),
  ],
})
export class ApiAuthModule {}
