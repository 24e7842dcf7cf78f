const mysql = require('mysql2/promise');

const pool = mysql.createPool({ host: 'db', user: 'shop', database: 'shop' });

async function loadCart(cartId) {
  // ruleid: SQL_INJECTION
  const [rows] = await pool.query(`SELECT * FROM cart_items WHERE cart_id = '${cartId}'`);
  return rows;
}

async function loadCartSafely(cartId) {
  // ok: SQL_INJECTION
  const [rows] = await pool.query('SELECT * FROM cart_items WHERE cart_id = ?', [cartId]);
  return rows;
}

module.exports = { loadCart, loadCartSafely };
