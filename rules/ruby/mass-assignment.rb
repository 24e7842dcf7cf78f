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
