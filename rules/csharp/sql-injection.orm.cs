// Older data layers that run query text: NHibernate sessions and LINQ to SQL's DataContext.
using System.Data.Linq;
using Microsoft.AspNetCore.Mvc;
using NHibernate;

namespace Shop.Controllers;

public class LegacyOrmController : ControllerBase
{
    private readonly ISession _session;
    private readonly DataContext _linq;

    [HttpGet("legacy/users")]
    public IActionResult Users([FromQuery] string name)
    {
        // ruleid: SQL_INJECTION
        var native = _session.CreateSQLQuery("SELECT * FROM Users WHERE Name = '" + name + "'").List();
        // ok: SQL_INJECTION
        var bound = _session.CreateSQLQuery("SELECT * FROM Users WHERE Name = :name").SetString("name", name).List();
        // ruleid: SQL_INJECTION
        var hql = _session.CreateQuery("from User u where u.Name = '" + name + "'").List();
        // ok: SQL_INJECTION
        var hqlBound = _session.CreateQuery("from User u where u.Name = :name").SetParameter("name", name).List();
        // ruleid: SQL_INJECTION
        var rows = _linq.ExecuteQuery<User>("SELECT * FROM Users WHERE Name = '" + name + "'");
        // ok: SQL_INJECTION
        var safeRows = _linq.ExecuteQuery<User>("SELECT * FROM Users WHERE Name = {0}", name);
        return Ok(new { native, bound, hql, hqlBound, rows, safeRows });
    }
}
