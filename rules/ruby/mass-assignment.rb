# Admin tools of a Rails shop: users.

class Admin::ToolsController < ApplicationController
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

# A plain class's `new` runs its own initialize, which names the keywords it takes; one that sets what it is
# given by name, or a model, takes every field.
class ReportCard
  attr_reader :since, :level

  def initialize(since: 1.week.ago, level: 0)
    @since = since
    @level = level.to_i
  end
end

class ProfileForm
  def initialize(attrs = {})
    attrs.each { |key, value| public_send("#{key}=", value) }
  end
end

class ReportsController < ApplicationController
  def show
    # ok: MASS_ASSIGNMENT
    @card = ReportCard.new(**params.fetch(:search, {}).permit!.to_h.symbolize_keys)
    # ruleid: MASS_ASSIGNMENT
    @form = ProfileForm.new(params.fetch(:profile, {}).permit!)
    # ruleid: MASS_ASSIGNMENT
    @user = User.new(params.fetch(:user, {}).permit!)
    render :show
  end
end

# `slice` with the keys written out keeps only those keys: the unfiltered hash cut down to a fixed list is the
# list `permit(:a, :b)` would give. `except` keeps every other key, and a list from the request is the request's.
class ListingsController < ApplicationController
  PAGING = %i[page per_page].freeze

  def index
    # ok: MASS_ASSIGNMENT
    @listing = Listing.new(params.permit!.slice(:sort_by, :order, :page))
    # ok: MASS_ASSIGNMENT
    @pager = Listing.new(params.to_unsafe_h.slice(*PAGING))
    # ruleid: MASS_ASSIGNMENT
    @draft = Listing.new(params.permit!.except(:id))
    # ruleid: MASS_ASSIGNMENT
    @chosen = Listing.new(params.permit!.slice(*params[:fields]))
    render :index
  end
end

# The keys cut down by `slice` before strong parameters are switched off: the hash holds only those.
class CategoriesController < ApplicationController
  CONTENT_FIELDS = %i[title body].freeze

  def create
    # ok: MASS_ASSIGNMENT
    @category = Category.new(params.require(:category).slice(:parent_id, :sort_priority, :url).permit!)
    # ok: MASS_ASSIGNMENT
    @customization = Customization.create(params[:content].slice(*CONTENT_FIELDS).to_unsafe_hash)
    # ruleid: MASS_ASSIGNMENT
    @shape = Shape.create(params.require(:shape).permit!)
    render :new
  end

  def search
    filters = params.to_unsafe_hash
    lat, lng = filters[:latlng].to_s.split(",")
    # ok: MASS_ASSIGNMENT
    raise ArgumentError.new("Format of latlng pair #{filters[:latlng]} was not lat,lng") unless lat && lng
    # ok: MASS_ASSIGNMENT
    wrapped = ActionController::Parameters.new(filters)
    # ruleid: MASS_ASSIGNMENT
    @search = SavedSearch.create(filters)
    render :index, locals: { wrapped: wrapped }
  end
end
