# Admin tools of a Rails shop.
require "open3"
require "shellwords"

class Admin::ToolsController < ApplicationController
  EXPORTERS = { "csv" => CsvExporter }.freeze

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

  def calc
    # ruleid: CODE_INJECTION
    render plain: eval(params[:expr]).to_s
  end

  def export
    # ruleid: UNSAFE_REFLECTION
    exporter = params[:kind].constantize.new
    # ok: UNSAFE_REFLECTION
    known = EXPORTERS.fetch(params[:format].to_s, CsvExporter).new
    # ruleid: UNSAFE_REFLECTION
    result = Maintenance.new.send(params[:task])
    render json: { a: exporter.run, b: known.run, c: result }
  end

  def import_type
    type =
      begin
        # ok: UNSAFE_REFLECTION
        Object.const_get(params[:type].to_s)
      rescue NameError
        nil
      end
    type = nil unless type.is_a?(Class) && type < Import
    render json: { type: type&.name }
  end

  def preview
    # ruleid: TEMPLATE_INJECTION
    render inline: params[:template]
  end

  def preview_v2
    # ok: TEMPLATE_INJECTION
    render inline: "<p><%= title %></p>", locals: { title: params[:title] }
  end

  def person
    # ruleid: LDAP_INJECTION
    filter = Net::LDAP::Filter.construct("(uid=#{params[:uid]})")
    # ok: LDAP_INJECTION
    safe = Net::LDAP::Filter.eq("uid", params[:uid].to_s)
    render json: ldap.search(base: "dc=example,dc=com", filter: filter || safe).map(&:dn)
  end

  def price
    # ruleid: XPATH_INJECTION
    node = catalog.at_xpath("//item[@sku='#{params[:sku]}']")
    # ok: XPATH_INJECTION
    node2 = catalog.at_xpath("//item[@sku=$sku]", nil, { "sku" => params[:sku].to_s })
    render json: { a: node&.text, b: node2&.text }
  end

  def grep
    # ruleid: REDOS
    pattern = Regexp.new(params[:pattern])
    # ok: REDOS
    literal = Regexp.new(Regexp.escape(params[:q].to_s))
    render json: LogStore.lines.grep(pattern) + LogStore.lines.grep(literal)
  end

  def login_failed
    # ruleid: LOG_INJECTION
    Rails.logger.warn("login failed for #{params[:email]}")
    # ok: LOG_INJECTION
    Rails.logger.warn("login failed for #{params[:email].to_s.gsub(/[\r\n]/, ' ')}")
    head :unauthorized
  end

  def not_found
    # ok: LOG_INJECTION
    Rails.logger.info("no route for #{request.fullpath} (#{request.user_agent})")
    head :not_found
  end

  def login_succeeded
    user = User.find_by_api_key(params[:key].to_s)
    # ok: LOG_INJECTION
    Rails.logger.info("API access by #{user.login} (id=#{user.id})")
    head :ok
  end

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

  def create_user
    # ruleid: MASS_ASSIGNMENT
    user = User.create(params.require(:user).permit!)
    # ok: MASS_ASSIGNMENT
    other = User.create(params.require(:user).permit(:name, :email))
    render json: [user.id, other.id]
  end

  def search
    results = Search::Fetcher.new(params[:q].to_s, current_user, params: params.to_unsafe_h)
    # ok: MASS_ASSIGNMENT
    pages = Paginator.new(results.result_count, 25, params[:page])
    render json: { pages: pages.count }
  end

  def update_user
    # ruleid: MASS_ASSIGNMENT
    User.find(params[:id]).update(user_params)
    # ok: MASS_ASSIGNMENT
    User.find(params[:id]).update(profile_params)
    head :no_content
  end

  private

  def user_params
    params.require(:user).permit!
  end

  def profile_params
    params.require(:user).permit(:name, :bio)
  end
end
