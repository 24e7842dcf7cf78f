const Path = require('path');
const db = require('./db');

function notePath(id) {
  return Path.join('/srv/notes', `${id}.md`);
}

async function saveNote(title, body) {
  // ruleid: SQL_INJECTION
  await db.query(`INSERT INTO notes (title, body) VALUES ('${title}', '${body}')`);
  // ok: SQL_INJECTION
  await db.query('INSERT INTO notes (title, body) VALUES ($1, $2)', [title, body]);
}

module.exports = { notePath, saveNote };
