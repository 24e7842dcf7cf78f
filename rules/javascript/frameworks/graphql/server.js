const { ApolloServer } = require('@apollo/server');
const { startStandaloneServer } = require('@apollo/server/standalone');
const { exec } = require('child_process');
const fs = require('fs/promises');
const path = require('path');
const db = require('./db');

const typeDefs = `#graphql
  type Query { note(id: ID!): String, search(term: String!): [String] }
  type Mutation { saveFile(name: String!, body: String!): Boolean, ping(host: String!): String }
`;

const UPLOADS = '/srv/uploads';

const resolvers = {
  Query: {
    async note(parent, { id }) {
      // ruleid: SQL_INJECTION
      return db.query(`SELECT body FROM notes WHERE id = ${id}`);
    },
    search: async (_root, args, context) => {
      // ok: SQL_INJECTION
      const rows = await db.query('SELECT title FROM notes WHERE owner = $1 AND title LIKE $2', [context.user.id, `%${args.term}%`]);
      return rows.map((r) => r.title);
    },
  },
  Mutation: {
    saveFile: async (_parent, args) => {
      // ruleid: PATH_TRAVERSAL
      await fs.writeFile(path.join(UPLOADS, args.name), args.body);
      return true;
    },
    ping(root, { host }, ctx) {
      // The context is the server's own (the signed-in user), not the query's arguments.
      // ok: COMMAND_INJECTION
      exec(`logger ping by ${ctx.user.id}`);
      // ruleid: COMMAND_INJECTION
      exec(`ping -c 1 ${host}`);
      return 'sent';
    },
  },
};

const server = new ApolloServer({ typeDefs, resolvers });
startStandaloneServer(server, { context: async ({ req }) => ({ user: { id: Number(req.headers['x-user-id']) } }) });
