# Admin tools of a Rails shop: catalogue prices.

class Admin::ToolsController < ApplicationController
  def price
    # ruleid: XPATH_INJECTION
    node = catalog.at_xpath("//item[@sku='#{params[:sku]}']")
    # ok: XPATH_INJECTION
    node2 = catalog.at_xpath("//item[@sku=$sku]", nil, { "sku" => params[:sku].to_s })
    render json: { a: node&.text, b: node2&.text }
  end
end
