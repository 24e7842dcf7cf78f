const path = require('path');

function orderSummary(id) {
  return `<div class="order">Order ${id}</div>`;
}

function invoicePath(name) {
  return path.join(__dirname, '..', 'invoices', name);
}

// What the API sends for an order: an object, which Express serialises as JSON.
function orderView(order) {
  if (!order.id) {
    return { error: 'unknown order' };
  }
  return { ...order, total: Number(order.total) };
}

const publicOrder = (order) => ({ id: order.id, note: order.note });

module.exports = { orderSummary, invoicePath, orderView, publicOrder };
