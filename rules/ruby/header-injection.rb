# Headers.

class PagesController < ApplicationController
  def download
    # ruleid: HEADER_INJECTION
    response.headers["Content-Disposition"] = "attachment; filename=#{params[:name]}"
    # ok: HEADER_INJECTION
    response.headers["Content-Disposition"] = "attachment; filename=#{params[:name].to_s.gsub(/[^\w.-]/, '_')}"
    head :ok
  end
end

# A mailer's params are the values its caller gave `with`, not the request's; a controller's are the request's.
class DigestMailer < ApplicationMailer
  def weekly
    # ok: HEADER_INJECTION
    headers["X-Digest-Period"] = params[:period]
    mail(to: params[:user].email, subject: "Your week")
  end
end

module Billing
  class ReceiptsController < ApplicationController
    def show
      # ruleid: HEADER_INJECTION
      headers["X-Receipt-Ref"] = params[:ref]
      head :ok
    end
  end
end

# The current locale is one of the available locales (the setter raises I18n::InvalidLocale on any other);
# the parameter it was chosen from is the request's.
class LocalizedController < ApplicationController
  def set_locale
    I18n.locale = params[:locale] || I18n.default_locale
    # ok: HEADER_INJECTION
    response.headers["Content-Language"] = I18n.locale.to_s
    # ruleid: HEADER_INJECTION
    response.headers["X-Requested-Locale"] = params[:locale].to_s
  end
end

# A page's counts are integers the pagination library computed, whatever page or size the request asked for.
class ShipmentsController < ApplicationController
  def index
    batch = Shipment.recent.paginate(page: params[:page], per_page: params[:per_page])
    # ok: HEADER_INJECTION
    response.headers["X-Total-Entries"] = batch.total_entries.to_s
    listing = WillPaginate::Collection.create(params[:page], 25, Shipment.count) { |pager| pager.replace([]) }
    # ok: HEADER_INJECTION
    headers["X-Total-Pages"] = listing.total_pages.to_s
    parcels = Parcel.page(params[:page]).per(params[:per])
    # ok: HEADER_INJECTION
    headers["X-Total-Count"] = parcels.total_count.to_s
    # ruleid: HEADER_INJECTION
    headers["X-Page-Label"] = params[:page_label]
    head :ok
  end
end

# Records found by the ids the request names, and the counts of a page of them, are the application's numbers.
class DeploysController < ApplicationController
  def index
    deploys = Deploy.where(project: current_project).find(params[:ids])
    page = deploys.first(100)
    # ok: HEADER_INJECTION
    headers["X-Total-Records"] = page.size.to_s
    # ok: HEADER_INJECTION
    headers["X-Last-Deploy"] = page.last.updated_at.to_s
    # ruleid: HEADER_INJECTION
    headers["Link"] = "<#{params[:next]}>; rel=\"next\""
    render json: page
  end
end

# A pagination link built by a route helper: its arguments are percent-encoded path segments and query
# parameters, so the header stays one line. A host option of the request's is not encoded.
class BotMessagesController < ApplicationController
  def index
    @room = Room.find(params[:room_id])
    # ok: HEADER_INJECTION
    headers["Link"] = %(<#{room_bot_messages_url(@room, params[:bot_key], page: params[:page])}>; rel="next")
    # ruleid: HEADER_INJECTION
    headers["Link"] = %(<#{room_bot_messages_url(@room, host: params[:mirror])}>; rel="alternate")
    head :ok
  end
end
