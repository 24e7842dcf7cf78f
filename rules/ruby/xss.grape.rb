# frozen_string_literal: true

require 'grape'

module Shop
  # A JSON API: every answer is serialised as JSON, so `html_safe` marks nothing a browser renders.
  # Its other sinks are still sinks.
  class CommentsAPI < Grape::API
    format :json

    post '/comments/preview' do
      # ok: XSS
      body = params[:body].html_safe
      { preview: body }
    end

    get '/comments/search' do
      # ruleid: SQL_INJECTION
      Comment.where("body LIKE '%#{params[:q]}%'").to_a
    end
  end
end
