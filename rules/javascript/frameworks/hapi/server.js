const Hapi = require('@hapi/hapi');
const Inert = require('@hapi/inert');
const Vision = require('@hapi/vision');
const notes = require('./routes/notes');

async function start() {
  const server = Hapi.server({ port: 3000 });
  await server.register([Inert, Vision]);
  server.views({ engines: { hbs: require('handlebars') }, relativeTo: __dirname, path: 'templates' });
  server.route(notes);
  await server.start();
}

start();
