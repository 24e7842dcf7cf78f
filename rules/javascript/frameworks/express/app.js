const express = require('express');
const cookieParser = require('cookie-parser');
const orders = require('./routes/orders');
const files = require('./routes/files');

const app = express();
app.use(express.urlencoded({ extended: false }));
app.use(cookieParser());
app.use('/orders', orders);
app.use('/files', files);

app.listen(3000);
