const express = require('express');
const sanitizeHtml = require('sanitize-html');
const url = require('url');

const app = express();
app.set('view engine', 'ejs');

app.get('/search', (req, res) => {
  const q = req.query.q;
  res.render('search', { query: q, count: 3 });
});

app.get('/comments', (req, res) => {
  const comments = [req.body.comment];
  res.render('comments.pug', { comments, clean: sanitizeHtml(req.body.comment) });
});

app.get('/card', (req, res) => {
  res.render('card.hbs', { name: req.query.name, items: [req.query.item], title: 'Card' });
});

app.get('/welcome', (req, res) => {
  res.locals.visitor = req.query.name;
  res.locals.greeting = 'Welcome';
  res.render('welcome');
});

// Node's legacy URL parser: the query of the request URL, parsed.
app.get('/login', (req, res) => {
  const params = url.parse(req.url, true).query;
  res.render('login', { returnurl: params.returnurl, error: params.error, site: url.parse('https://shop.example.com/', true).host });
});

module.exports = app;
