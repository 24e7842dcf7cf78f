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
