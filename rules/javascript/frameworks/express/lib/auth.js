function requireAdmin(req, res, next) {
  if (req.user && req.user.role === 'admin') return next();
  res.sendStatus(403);
}

module.exports = { requireAdmin };
