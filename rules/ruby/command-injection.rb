# Admin tools of a Rails shop: shell commands.
require "open3"
require "shellwords"

class Admin::ToolsController < ApplicationController
  def ping
    host = params[:host]
    # ruleid: COMMAND_INJECTION
    system("ping -c 1 #{host}")
    # ok: COMMAND_INJECTION
    system("ping", "-c", "1", host.to_s)
    # ruleid: COMMAND_INJECTION
    out = `traceroute #{host}`
    # ok: COMMAND_INJECTION
    out2 = `traceroute #{Shellwords.escape(host.to_s)}`
    # ruleid: COMMAND_INJECTION
    out3, _status = Open3.capture2("dig #{params[:domain]}")
    render plain: [out, out2, out3].join
  end

  def run
    cmd = params[:command]
    # ruleid: COMMAND_INJECTION
    output = Kernel.`(cmd)
    # ok: COMMAND_INJECTION
    version = Kernel.`("uname -r")
    render plain: [output, version].join
  end

  def fetch_report
    # Kernel#open runs `|cmd` as a command besides reading files and URLs.
    # ruleid: COMMAND_INJECTION, SSRF
    body = open(params[:url]).read
    # A URI object is opened by open-uri, never by the shell.
    # ok: COMMAND_INJECTION
    # ruleid: SSRF
    page = open(URI.parse(params[:url])).read
    render plain: [body, page].join
  end
end

# `IO.popen(env, argv, options)`: the command after an environment hash, an array of the program and its arguments,
# runs without a shell.
class ClustersController < ApplicationController
  def credentials
    env = ENV.to_h.slice("PATH", "HOME").merge("CLOUDSDK_CORE_PROJECT" => params[:gcp_project].to_s)
    command = ["gcloud", "container", "clusters", "get-credentials", params[:cluster_name].to_s]
    # ok: COMMAND_INJECTION
    out = IO.popen(env, command.map(&:to_s), unsetenv_others: true, err: [:child, :out], &:read)
    # ok: COMMAND_INJECTION
    out2 = IO.popen({ "CLUSTER" => params[:cluster_name].to_s }, ["kubectl", "get", "pods"], &:read)
    # ruleid: COMMAND_INJECTION
    out3 = IO.popen(env, "gcloud container clusters describe #{params[:cluster_name]}", &:read)
    # ruleid: COMMAND_INJECTION
    out4 = IO.popen("kubectl get pods -n #{params[:namespace]}", &:read)
    render plain: [out, out2, out3, out4].join
  end
end
