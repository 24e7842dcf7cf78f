# Admin tools of a Rails shop: directory look-ups.

class Admin::ToolsController < ApplicationController
  def person
    # ruleid: LDAP_INJECTION
    filter = Net::LDAP::Filter.construct("(uid=#{params[:uid]})")
    # ok: LDAP_INJECTION
    safe = Net::LDAP::Filter.eq("uid", params[:uid].to_s)
    render json: ldap.search(base: "dc=example,dc=com", filter: filter || safe).map(&:dn)
  end
end
