# Admin tools of a Rails shop: log search.

class Admin::ToolsController < ApplicationController
  def grep
    # ruleid: REDOS
    pattern = Regexp.new(params[:pattern])
    # ok: REDOS
    literal = Regexp.new(Regexp.escape(params[:q].to_s))
    render json: LogStore.lines.grep(pattern) + LogStore.lines.grep(literal)
  end
end
