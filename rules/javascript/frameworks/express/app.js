const express = require('express');
const cookieParser = require('cookie-parser');
const orders = require('./routes/orders');
const files = require('./routes/files');
const settings = require('./routes/settings');
const exportsRouter = require('./routes/exports');
const { isAuthenticated, Permission } = require('./lib/auth');

const app = express();
app.use(express.urlencoded({ extended: false }));
app.use(cookieParser());
app.use('/orders', orders);
app.use('/files', files);
app.use('/settings', isAuthenticated(Permission.ADMIN), settings);
app.use('/exports', isAuthenticated(Permission.ADMIN), exportsRouter);
app.use('/public-exports', exportsRouter);

app.listen(3000);
