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
end
