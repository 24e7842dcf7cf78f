# Admin tools of a Rails shop: the session.

class Admin::ToolsController < ApplicationController
  def switch_plan
    # ruleid: TRUST_BOUNDARY_VIOLATION
    session[:plan] = params[:plan]
    user = User.find_by(email: params[:email])
    # ok: TRUST_BOUNDARY_VIOLATION
    session[:user_id] = user.id
    # ok: TRUST_BOUNDARY_VIOLATION
    session[:return_to] = params[:back_url]
    head :no_content
  end

  def impersonate
    # ruleid: TRUST_BOUNDARY_VIOLATION
    session[:admin_user_id] = params[:as]
    head :no_content
  end
end
