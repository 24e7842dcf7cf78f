const path = require('path');

function orderSummary(id) {
  return `<div class="order">Order ${id}</div>`;
}

function invoicePath(name) {
  return path.join(__dirname, '..', 'invoices', name);
}

module.exports = { orderSummary, invoicePath };
