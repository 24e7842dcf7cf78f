const Koa = require('koa');
const bodyParser = require('koa-bodyparser');
const views = require('koa-views');
const profiles = require('./routes/profiles');

const app = new Koa();
app.use(bodyParser());
app.use(views(`${__dirname}/views`, { extension: 'ejs' }));
app.use(profiles.routes());

app.listen(3000);
