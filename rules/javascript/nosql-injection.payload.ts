// Payload CMS endpoints: the Local API's `where` takes operators the code writes (`equals`, `in`,
// `exists`); a value from the body under one is compared, not read as an operator.
import config from '@payload-config';
import { getPayload, type PayloadHandler } from 'payload';
import { MongoClient } from 'mongodb';

const mongo = new MongoClient(process.env.MONGO_URL ?? 'mongodb://localhost');

export const externalLogin: PayloadHandler = async (req) => {
  const { username, tenantSlug } = await req.json();
  // ok: NOSQL_INJECTION
  const tenants = await req.payload.find({ collection: 'tenants', where: { slug: { equals: tenantSlug } } });
  const payload = await getPayload({ config });
  // ok: NOSQL_INJECTION
  const users = await payload.count({ collection: 'users', where: { email: { equals: username } } });
  // The same value as a raw MongoDB filter can be `{ "$ne": null }`.
  // ruleid: NOSQL_INJECTION
  const legacy = await mongo.db('app').collection('users').findOne({ email: username });
  return Response.json({ tenants: tenants.totalDocs, users: users.totalDocs, legacy: !!legacy });
};

export const reindex: PayloadHandler = async (req) => {
  const { collections = [] } = (await req.json()) as { collections: string[] };
  async function countDocuments(collection: string) {
    const { totalDocs } = await req.payload.count({ collection, where: { _status: { equals: 'published' } } });
    return totalDocs;
  }
  let total = 0;
  for (const collection of collections) {
    // ok: NOSQL_INJECTION
    total += await countDocuments(collection);
  }
  return Response.json({ total });
};
