// Framework models that hold only in a project whose dependency manifests name the framework
// (`clean.ifProjectUses` on a source): the same code means something else elsewhere. A rule test
// file is scanned alone, without manifests, so these are shown on small projects here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findingLines as lines, scanProject as scan } from '../helpers/scan-project.ts';

// `request.payload` is hapi's parsed body; Payload CMS hangs its own instance on the request under the
// same name: its logger, configuration and local API (whose results are the CMS's records).
const payloadCode = `import fs from 'fs'

export async function migrate({ req }) {
  const { payload } = req
  for (const collection of payload.config.collections) {
    payload.logger.info('Migrating collection ' + collection.slug)
  }
  await fs.promises.rm(req.payload.config.upload.staticDir + '/.staged', { force: true })
  const parent = await req.payload.findByID({ collection: 'pages', id: req.query.parent })
  const titles = {}
  titles[parent.locale] = parent.title
  return titles
}

export const createNote = {
  method: 'POST',
  path: '/notes',
  handler: (request, h) => {
    console.log('note ' + request.payload.title)
    return fs.readFileSync(request.payload.file)
  },
}
`;

test("req.payload is Payload CMS's instance where the project depends on payload, hapi's request body elsewhere", async () => {
  const withPayload = await scan({
    'package.json': '{"name":"site","dependencies":{"payload":"^3.59.1","next":"15.4.7"}}',
    'src/migrations/migrate.js': payloadCode,
  });
  assert.deepEqual(lines(withPayload, 'LOG_INJECTION'), []);
  assert.deepEqual(lines(withPayload, 'PATH_TRAVERSAL'), []);
  assert.deepEqual(lines(withPayload, 'PROTOTYPE_POLLUTION'), []);

  const withHapi = await scan({
    'package.json': '{"name":"notes","dependencies":{"@hapi/hapi":"^21.3.0"}}',
    'src/migrations/migrate.js': payloadCode,
  });
  assert.deepEqual(lines(withHapi, 'LOG_INJECTION'), [6, 19]);
  assert.deepEqual(lines(withHapi, 'PATH_TRAVERSAL'), [8, 20]);
});

// Rails' redirect_to refuses another host's URL where config/application.rb loads the defaults of Rails 7.0 or later
// (raise_on_open_redirects), unless the call passes allow_other_host: or the application turns the check off.
const railsController = `class ReturnsController < ApplicationController
  def back
    redirect_to params[:r].presence || root_path
  end

  def away
    redirect_to params[:to], allow_other_host: true
  end
end
`;
const railsApplication = (body: string) => `require_relative "boot"
require "rails/all"

module Shop
  class Application < Rails::Application
${body}
  end
end
`;

test('redirect_to of a request value is refused by Rails where config/application.rb loads 7.0 defaults or later', async () => {
  const scanWith = async (body: string) =>
    lines(
      await scan({ 'Gemfile': 'gem "rails", "~> 8.0"\n', 'config/application.rb': railsApplication(body), 'app/controllers/returns_controller.rb': railsController }),
      'OPEN_REDIRECT',
    );
  assert.deepEqual(await scanWith('    config.load_defaults 8.0'), [7]);
  assert.deepEqual(await scanWith('    config.load_defaults 7.1\n    config.action_controller.raise_on_open_redirects = false'), [3, 7]);
  assert.deepEqual(await scanWith('    config.load_defaults 6.1'), [3, 7]);
  assert.deepEqual(await scanWith('    # config.load_defaults 7.0'), [3, 7]);
});

// `find(filter)` is a MongoDB query where a package.json names a MongoDB driver or ODM; in a project on Knex,
// Kysely or Sequelize the same call is the code's own store or an SQL builder, whose filters bind every value
// (`ifProjectUses` on the sink). Without any package.json the scan cannot tell, and keeps it.
const linksHandler = `const query = require('../queries')

exports.get = async (req, res) => {
  const link = await query.link.find({ address: req.body.address, domain_id: null })
  const taken = await query.user.exists({ email: req.body.email })
  res.json({ link, taken })
}
`;

test('a find() filter from the request is a MongoDB query only where the project depends on a MongoDB driver', async () => {
  const withKnex = await scan({
    'package.json': '{"name":"shortener","dependencies":{"express":"^4.21.0","knex":"^3.1.0","pg":"^8.13.0"}}',
    'server/handlers/links.js': linksHandler,
  });
  assert.deepEqual(lines(withKnex, 'NOSQL_INJECTION'), []);

  const withMongoose = await scan({
    'package.json': '{"name":"shortener","dependencies":{"express":"^4.21.0","mongoose":"^8.8.0"}}',
    'server/handlers/links.js': linksHandler,
  });
  assert.deepEqual(lines(withMongoose, 'NOSQL_INJECTION'), [4, 5]);

  // A monorepo's server package names the driver; the root package.json does not.
  const monorepo = await scan({
    'package.json': '{"name":"root","private":true,"devDependencies":{"turbo":"^2.3.0"}}',
    'apps/server/package.json': '{"name":"server","dependencies":{"mongodb":"^6.10.0"}}',
    'apps/server/handlers/links.js': linksHandler,
  });
  assert.deepEqual(lines(monorepo, 'NOSQL_INJECTION'), [4, 5]);

  const noManifest = await scan({ 'server/handlers/links.js': linksHandler });
  assert.deepEqual(lines(noManifest, 'NOSQL_INJECTION'), [4, 5]);
});
