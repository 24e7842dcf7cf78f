function requireAdmin(req, res, next) {
  if (req.user && req.user.role === 'admin') return next();
  res.sendStatus(403);
}

const Permission = { ADMIN: 'admin', REQUEST: 'request' };

function isAuthenticated(permission) {
  return (req, res, next) => (req.user && (!permission || req.user.permissions.includes(permission)) ? next() : res.sendStatus(403));
}

module.exports = { requireAdmin, isAuthenticated, Permission };
