import { db } from './db';

export function findOrders(status: string) {
  // ruleid: SQL_INJECTION
  return db.query(`SELECT * FROM orders WHERE status = '${status}'`);
}

export function findOrder(id: number) {
  // ok: SQL_INJECTION
  return db.query('SELECT * FROM orders WHERE id = $1', [id]);
}
