# Admin tools of a Rails shop: template previews.

class Admin::ToolsController < ApplicationController
  def preview
    # ruleid: TEMPLATE_INJECTION
    render inline: params[:template]
  end

  def preview_v2
    # ok: TEMPLATE_INJECTION
    render inline: "<p><%= title %></p>", locals: { title: params[:title] }
  end
end
