# Admin tools of a Rails shop: calculations.

class Admin::ToolsController < ApplicationController
  def calc
    # ruleid: CODE_INJECTION
    render plain: eval(params[:expr]).to_s
  end
end
