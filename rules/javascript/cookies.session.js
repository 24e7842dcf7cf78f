// Express and Koa session middleware: where the cookie-signing secret comes from.
const express = require('express');
const session = require('express-session');
const cookieSession = require('cookie-session');
const cookieParser = require('cookie-parser');
const Koa = require('koa');

const app = express();
app.use(session({
  // ruleid: HARDCODED_SECRET
  secret: 'keyboard cat',
  resave: false,
  saveUninitialized: false,
  cookie: { secure: true, httpOnly: true },
}));
// ruleid: HARDCODED_SECRET
app.use(session({ secret: process.env.SESSION_SECRET || 'dev', cookie: { secure: true, httpOnly: true } }));
// ok: HARDCODED_SECRET
app.use(session({ secret: process.env.SESSION_SECRET, cookie: { secure: true, httpOnly: true } }));
// An empty fallback makes express-session refuse to start: nothing to forge with.
// ok: HARDCODED_SECRET
app.use(session({ secret: process.env.SESSION_SECRET ?? '', cookie: { secure: true, httpOnly: true } }));
// ruleid: HARDCODED_SECRET
app.use(cookieSession({ name: 'sess', keys: ['rotate-me-1', 'rotate-me-2'] }));
// ok: HARDCODED_SECRET
app.use(cookieSession({ name: 'sess', keys: process.env.COOKIE_KEYS.split(',') }));
// ruleid: HARDCODED_SECRET
app.use(cookieParser('s3cr3t'));
// ok: HARDCODED_SECRET
app.use(cookieParser(process.env.COOKIE_SECRET));

const koa = new Koa();
// ruleid: HARDCODED_SECRET
koa.keys = ['im a newer secret', 'i like turtle'];
// ok: HARDCODED_SECRET
koa.keys = [process.env.KOA_KEY];

module.exports = { app, koa };
