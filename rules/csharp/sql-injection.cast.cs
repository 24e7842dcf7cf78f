// A command object picked at run time and cast to its interface: the call runs the implementation's method.
using System;
using System.Data.Common;
using Microsoft.AspNetCore.Mvc;

namespace Blab.Commands
{
    public interface IBlabberCommand
    {
        void Execute(string blabberUsername);
    }

    public class IgnoreCommand : IBlabberCommand
    {
        private readonly DbConnection connect;

        public IgnoreCommand(DbConnection connect) { this.connect = connect; }

        public void Execute(string blabberUsername)
        {
            using var action = connect.CreateCommand();
            // ruleid: SQL_INJECTION
            action.CommandText = "DELETE FROM listeners WHERE blabber='" + blabberUsername + "'";
            action.ExecuteNonQuery();
        }
    }

    public class BlabController : Controller
    {
        [HttpPost]
        public ActionResult Blabbers(string blabberUsername, string command)
        {
            // ruleid: UNSAFE_REFLECTION
            var commandType = Type.GetType("Blab.Commands." + command + "Command");
            // ruleid: UNSAFE_REFLECTION
            var cmdObj = (IBlabberCommand) Activator.CreateInstance(commandType);
            cmdObj.Execute(blabberUsername);
            return View();
        }
    }
}
