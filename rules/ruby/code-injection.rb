# Admin tools of a Rails shop: calculations.

class Admin::ToolsController < ApplicationController
  def calc
    # ruleid: CODE_INJECTION
    render plain: eval(params[:expr]).to_s
  end

  # The class of a record the request chose is one the code defines.
  def done
    object = current_user.contexts.find(params[:id])
    object_name = object.class.name.downcase
    # ok: CODE_INJECTION
    eval("@#{object_name} = object", binding, __FILE__, __LINE__)
    # ruleid: CODE_INJECTION
    eval("@#{params[:name]} = object", binding, __FILE__, __LINE__)
  end
end
