# Redirects.

class PagesController < ApplicationController
  def back
    # ruleid: OPEN_REDIRECT
    redirect_to params[:return_to]
  end

  def back_v2
    # ok: OPEN_REDIRECT
    redirect_to url_from(params[:return_to]) || root_path
  end

  def page_tab
    # ok: OPEN_REDIRECT
    redirect_to "/pages/" + params[:id]
  end

  def anywhere
    # ruleid: OPEN_REDIRECT
    redirect_to "" + params[:to]
  end

  def return_link
    case ret = params[:return]
    when /\A\/agents/, /\A\/events/
      # ok: OPEN_REDIRECT
      redirect_to ret
    else
      # ruleid: OPEN_REDIRECT
      redirect_to ret
    end
  end

  def update
    @page = Page.find(params[:id])
    if @page.update(page_params)
      # ok: OPEN_REDIRECT
      redirect_to page_path(@page, tab: params[:tab])
    else
      # ok: OPEN_REDIRECT
      redirect_to "/pages/#{params[:id]}/edit?error=1"
    end
  end

  def publish
    @page = Page.new(params.require(:page).permit(:title, :body))
    @page.save!
    # ok: OPEN_REDIRECT
    redirect_to page_url(@page)
  end

  def preview
    @page = Page.new(params.require(:page).permit(:title, :body))
    # ruleid: OPEN_REDIRECT
    redirect_to page_url(@page, host: params[:site])
  end

  def jump
    target = params[:to].to_s
    # ruleid: OPEN_REDIRECT
    redirect_to target if target.start_with?("/")
    # ok: OPEN_REDIRECT
    redirect_to target if target.start_with?("#{request.base_url}/")
  end

  def continue
    # ruleid: OPEN_REDIRECT
    redirect_to [params[:return_to], session[:last_page]].find(&:present?)
  end

  def cancel
    # ok: OPEN_REDIRECT
    redirect_to request.referer || root_path
  end

  def welcome
    # ruleid: OPEN_REDIRECT
    redirect_to "#{params[:next]}?welcome=1"
  end

  # A model record goes to its own route on this site, whatever its attributes hold.
  def reply
    thread = current_user.threads.find(params[:thread_id])
    @message = thread.messages.new(params.expect(message: [:body, :thread_id, :return_url]))
    @message.save!
    # ok: OPEN_REDIRECT
    redirect_to @message
    # ok: OPEN_REDIRECT
    redirect_to @message.thread, notice: "Sent"
    # ruleid: OPEN_REDIRECT
    redirect_to @message.return_url
  end

  def build_link
    # ruleid: OPEN_REDIRECT
    redirect_to URI::HTTP.build(host: params[:host], path: "/")
  end

  # A `_path` helper picked by a name built from the request is still a path of this site.
  def back_to_list
    kind = params[:related].to_s
    # ruleid: UNSAFE_REFLECTION
    url = send("#{kind.pluralize}_path")
    # ok: OPEN_REDIRECT
    redirect_to(url)
  end

  def forward_to
    # ruleid: UNSAFE_REFLECTION
    target = public_send("#{params[:kind]}_target")
    # ruleid: OPEN_REDIRECT
    redirect_to target
  end

  # A cache read gives the value the application stored, not the key that names it.
  def short_link
    url = Rails.cache.fetch("link_#{params[:id]}") do
      post = Post.find_by!(short_id: params[:id])
      post_path(post, anchor: "c_#{params[:id]}")
    end
    # ok: OPEN_REDIRECT
    redirect_to url
  end

  # A host equality check pins the destination to this site.
  def after_login
    ref = URI.parse(params[:referer])
    if ref.host == Rails.application.domain
      # ok: OPEN_REDIRECT
      redirect_to ref.to_s
    end
    if ref.host != request.host
      # ruleid: OPEN_REDIRECT
      redirect_to ref.to_s
    end
    return head(:bad_request) unless ref.host == request.host
    # ok: OPEN_REDIRECT
    redirect_to ref.to_s
  end

  # The HTTPS upgrade keeps the Host the browser asked for and the requested path.
  def upgrade
    # ok: OPEN_REDIRECT
    redirect_to "https://#{request.host}#{request.fullpath}", status: :moved_permanently
    # ok: OPEN_REDIRECT
    redirect_to "https://www.#{request.host}/"
    # ruleid: OPEN_REDIRECT
    redirect_to "https://#{request.host}#{params[:next]}"
  end

  def missing
    return_to = params[:return] or raise
    # ok: OPEN_REDIRECT
    redirect_to return_to, allow_other_host: false
  end

  def leave
    # ruleid: OPEN_REDIRECT
    redirect_to params[:return], allow_other_host: true
  end
  # The request's own absolute URL: the scheme and Host the victim's browser sent, then its path.
  def webhook
    # ok: OPEN_REDIRECT
    redirect_to URI(request.original_url).merge(agent_response.to_s).to_s, allow_other_host: true
    # ok: OPEN_REDIRECT
    redirect_to request.url
    # ruleid: OPEN_REDIRECT
    redirect_to URI(request.original_url).merge(params[:to]).to_s, allow_other_host: true
    # A path alone is no URL: a request for `//evil.example` has that path.
    # ruleid: OPEN_REDIRECT
    redirect_to request.fullpath
  end

  # Route options build a URL on this site when they pin `only_path: true` (merged last, it
  # overrides any host the request gave) or when the permitted keys name no host.
  def reload
    # ok: OPEN_REDIRECT
    redirect_to params.to_unsafe_h.merge(only_path: true, cookie_test: "true")
    # ok: OPEN_REDIRECT
    redirect_to params.to_unsafe_h.merge(:only_path => true, :anchor => "map")
    # ok: OPEN_REDIRECT
    redirect_to url_for(params.permit(:status, :username, :before))
    # ok: OPEN_REDIRECT
    redirect_to params.permit(:page, :per_page, filter: [])
    # ruleid: OPEN_REDIRECT
    redirect_to url_for(params.permit(:status, :host))
    # ruleid: OPEN_REDIRECT
    redirect_to params.to_unsafe_h.merge(only_path: false)
    # ruleid: OPEN_REDIRECT
    redirect_to params.to_unsafe_h.merge(only_path: true).merge(host: params[:mirror])
  end

  # A named route's `_url` helper builds a URL on this site's host whatever its values are: a request value
  # passed by position is a path segment (`to_param`), one under a key of its own a segment or a query
  # parameter. Only the host options, or a hash of the request's passed whole, can move it.
  def follow
    # ok: OPEN_REDIRECT
    redirect_to(admin_request_url(params[:request_id]))
    # ok: OPEN_REDIRECT
    redirect_to list_public_bodies_url(tag: params[:tag])
    # ok: OPEN_REDIRECT
    redirect_to track_body_url(url_name: params[:url_name], feed: params[:feed], event_type: params[:event_type])
    # ok: OPEN_REDIRECT
    redirect_to url_for(action: :message, url_title: params[:url_title], state: params[:state])
    # ruleid: OPEN_REDIRECT
    redirect_to list_public_bodies_url(tag: params[:tag], host: params[:mirror])
    # ruleid: OPEN_REDIRECT
    redirect_to list_public_bodies_url(params.to_unsafe_h)
    # ruleid: OPEN_REDIRECT
    redirect_to list_public_bodies_url(**params.permit!)
    # ruleid: OPEN_REDIRECT
    redirect_to url_for(params[:next])
  end
end

# Methods named with `!` or `?` are followed like any other: a record's URL is the database's, a value
# passed through is still the request's.
class ShareLookup
  def self.info!(id)
    Share.find(id).to_h
  end

  def self.passed!(value)
    value
  end
end

# A configured base, then a literal path segment: the request's part only fills the path, with or without a base.
class BoardsController < ApplicationController
  def show
    # ok: OPEN_REDIRECT
    redirect_to "#{ENV['BASE_URL']}/boards/#{params[:slug]}"
    # ruleid: OPEN_REDIRECT
    redirect_to "#{ENV['BASE_URL']}/#{params[:slug]}"
  end
end

class SharesController < ApplicationController
  def show
    info = ShareLookup.info!(params[:id])
    # ok: OPEN_REDIRECT
    redirect_to info[:url]
  end

  def echo
    value = ShareLookup.passed!(params[:url])
    # ruleid: OPEN_REDIRECT
    redirect_to value
  end
end

# An OAuth or OpenID Connect provider run as a Rack endpoint answers the request itself: the redirect it asks
# for is the one it built (the client's registered redirect_uri), not a value the request chose.
class AuthorizationsController < ApplicationController
  def authorize
    status, header, _body = OAuthProvider::AuthorizeEndpoint.new(current_user).call(request.env)
    if [301, 302, 303].include?(status)
      # ok: OPEN_REDIRECT
      redirect_to header["Location"]
    else
      render :new
    end
  end

  # A callable given a request value returns what it made of that value.
  def forward
    target = NEXT_STEP.call(params[:next])
    # ruleid: OPEN_REDIRECT
    redirect_to target
  end
end

# Connecting a payment account: the provider's SDK builds the address of its own authorisation page.
class PaymentAccountsController < ApplicationController
  def connect
    payload = params.permit(:shop_id).to_h
    state = JWT.encode(payload, Rails.application.secret_key_base, 'HS256')
    # ok: OPEN_REDIRECT
    redirect_to Stripe::OAuth.authorize_url(state: state, scope: "read_write"), allow_other_host: true
  end

  def back
    # ruleid: OPEN_REDIRECT
    redirect_to "#{params[:provider_url]}/oauth/authorize?state=#{params[:state]}", allow_other_host: true
  end
end

# A link the application signed: the check is named for what it validates, as `valid?` is.
class OutboundLinksController < ApplicationController
  def follow
    destination = OutboundLink.unpack(params[:blob])
    unless OutboundLink.digest_valid?(params[:digest], destination)
      head :not_found and return
    end
    # ok: OPEN_REDIRECT
    redirect_to destination, allow_other_host: true
  end

  def jump
    destination = OutboundLink.unpack(params[:blob])
    # ruleid: OPEN_REDIRECT
    redirect_to destination, allow_other_host: true
  end
end

# An array is a polymorphic route (`url_for([@project, @release])` is `project_release_url(@project, @release)`),
# on this site whatever the records hold.
class ReleasesController < ApplicationController
  def create
    @project = Project.find_by_param!(params[:project_id])
    @release = @project.releases.create(params.require(:release).permit(:commit, :number, :notes))
    # ok: OPEN_REDIRECT
    redirect_to [@project, @release]
  end

  def show_in_admin
    # ok: OPEN_REDIRECT
    redirect_to [:admin, Release.find(params[:id])]
  end

  def after_sign_in
    # ruleid: OPEN_REDIRECT
    redirect_to request.env["omniauth.origin"] || root_path
  end
end
