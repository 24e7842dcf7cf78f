// The session secret kept in a module constant before the middleware is set up.
const express = require('express');
const session = require('express-session');

// ruleid: HARDCODED_SECRET
const SIGNING_SECRET = 'kjhdkd-sjkhsjsh-kjshshkdhsk-jsjhd';
const SESSION_NAME = 'sid';
// ok: HARDCODED_SECRET
const FROM_ENV = process.env.SESSION_SECRET;

const app = express();
app.use(session({ secret: SIGNING_SECRET, name: SESSION_NAME, resave: false, saveUninitialized: false }));
app.use(session({ secret: FROM_ENV, resave: false, saveUninitialized: false }));
