import { findOrder } from '../../utils/orders';

export default defineEventHandler(async (event) => {
  const id = Number(getRouterParam(event, 'id'));
  const order = await findOrder(id);
  // ruleid: HEADER_INJECTION
  setResponseHeader(event, 'Content-Disposition', `attachment; filename="${getHeader(event, 'x-file-name')}"`);
  // ok: HEADER_INJECTION
  setResponseHeader(event, 'Content-Disposition', `attachment; filename="order-${id}.json"`);
  return order;
});
