# An action renders app/views/posts/<action>.html.erb at its end, or the view it names; the view
# and the layout read its instance variables as the action left them.
class PostsController < ApplicationController
  before_action :set_banner, only: [:index]
  before_action :set_footer, except: :index

  def index
    @query = params[:q]
    @page = params[:page].to_i
    @total = Post.where(title: params[:q]).count
    @posts = Post.where(title: params[:q])
  end

  def show
    @post = Post.find(params[:id])
    @note = params[:note]
  end

  def preview
    @body = params[:body]
    render :draft
  end

  def legacy
    @title = params[:title]
    render template: "posts/legacy", layout: false
  end

  def card
    render partial: "card", locals: { caption: params[:caption], size: params[:size].to_i }
  end

  def feed
    @query = params[:q]
  end

  private

  def set_banner
    @banner = params[:banner]
  end

  def set_footer
    @footer = params[:footer]
  end
end
