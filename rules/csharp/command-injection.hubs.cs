// Entry points beyond controllers: SignalR hub methods, ASP.NET Web API 2 actions, Azure Functions triggers.
using System.Diagnostics;
using System.Net;
using System.Net.Http;
using System.Web.Http;
using Microsoft.AspNetCore.SignalR;
using Microsoft.Azure.Functions.Worker;
using Microsoft.Azure.Functions.Worker.Http;

namespace Tools;

public class BuildHub : Hub
{
    public async Task StartBuild(string branch, int retries)
    {
        // ruleid: COMMAND_INJECTION
        Process.Start("git", "checkout " + branch);
        // ok: COMMAND_INJECTION
        Process.Start("make", "-j" + retries);
        await Clients.All.SendAsync("started", branch);
    }

    public override async Task OnConnectedAsync()
    {
        // ok: COMMAND_INJECTION
        Process.Start("logger", "connected " + Context.ConnectionId);
        await base.OnConnectedAsync();
    }
}

public class PingController : ApiController
{
    public IHttpActionResult Get(string host)
    {
        // ruleid: COMMAND_INJECTION
        Process.Start("ping", "-c 1 " + host);
        return Ok();
    }

    public async Task<IHttpActionResult> Post()
    {
        var body = await Request.Content.ReadAsStringAsync();
        // ruleid: COMMAND_INJECTION
        Process.Start("sh", "-c " + body);
        return Ok();
    }
}

public class Functions
{
    [Function("Lookup")]
    public async Task<HttpResponseData> Lookup([HttpTrigger(AuthorizationLevel.Function, "post")] HttpRequestData req)
    {
        var domain = await req.ReadAsStringAsync();
        // ruleid: COMMAND_INJECTION
        Process.Start("nslookup", domain);
        return req.CreateResponse(HttpStatusCode.OK);
    }
}

// A message handler of an outgoing client: the request is the application's own.
public class LoggingHandler : DelegatingHandler
{
    protected override Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
    {
        // ok: COMMAND_INJECTION
        Process.Start("logger", request.RequestUri.ToString());
        return base.SendAsync(request, cancellationToken);
    }
}

// An ASMX web service: [WebMethod] parameters are the caller's.
public class NetworkService : System.Web.Services.WebService
{
    [System.Web.Services.WebMethod]
    public string Trace(string host, int hops)
    {
        // ruleid: COMMAND_INJECTION
        Process.Start("traceroute", host);
        // ok: COMMAND_INJECTION
        Process.Start("traceroute", "-m " + hops + " example.com");
        return "started";
    }
}
