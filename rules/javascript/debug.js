const express = require('express');
const errorhandler = require('errorhandler');
const { ApolloServer } = require('@apollo/server');

const app = express();

if (process.env.NODE_ENV === 'development') {
  // ok: DEBUG_ENABLED
  app.use(errorhandler());
}

// ruleid: DEBUG_ENABLED
app.use(errorhandler());

const server = new ApolloServer({
  typeDefs: 'type Query { ok: Boolean }',
  // ruleid: DEBUG_ENABLED
  includeStacktraceInErrorResponses: true,
});

app.use((err, req, res, next) => {
  // ruleid: DEBUG_ENABLED
  res.status(500).json({ message: err.message, stack: err.stack });
  // ok: DEBUG_ENABLED
  res.status(500).json({ message: 'internal error' });
  next();
});

module.exports = { app, server };
