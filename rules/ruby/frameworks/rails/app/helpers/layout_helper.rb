module LayoutHelper
  # The page's marker for the script: the routed controller and action. Rails sets `params[:controller]`
  # and `params[:action]` from the route that matched, whatever the query string or body holds.
  def page_marker
    # ok: XSS
    "<body data-page=\"#{params[:controller].camelcase}#{params[:action].camelcase}\">".html_safe
  end

  # A parameter whose name only starts like them is the client's.
  def controller_filter
    # ruleid: XSS
    "<span class=\"filter\">#{params[:controller_filter]}</span>".html_safe
  end
end
