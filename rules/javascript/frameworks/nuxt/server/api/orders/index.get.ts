import { findOrders } from '../../utils/orders';

export default defineEventHandler(async (event) => {
  const { status } = getQuery(event);
  return findOrders(String(status));
});
