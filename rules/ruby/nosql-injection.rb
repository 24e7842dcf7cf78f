# A Rails engine's search over a MongoDB collection (Mongoid for the client, the driver for queries).

class CatalogController < ApplicationController
  def search
    store = Mongoid::Clients.default
    products = store.database[:products]
    # ruleid: NOSQL_INJECTION
    @hits = products.find(sku: params[:sku]).to_a
    # ok: NOSQL_INJECTION
    @exact = products.find(sku: params[:sku].to_s).to_a
    # ok: NOSQL_INJECTION
    @recent = products.find(created_at: { "$gt" => 1.day.ago }).to_a
    render :search
  end

  def remove
    archive = Mongo::Client.new(ENV.fetch("MONGO_URL"))[:archived_orders]
    # ruleid: NOSQL_INJECTION
    archive.delete_many(params[:filter])
    allowed = params.permit(:owner)
    # ok: NOSQL_INJECTION
    archive.delete_many(owner: allowed[:owner])
    head :no_content
  end

  def cached
    # Not a Mongo collection: an in-process cache's find.
    # ok: NOSQL_INJECTION
    @item = Rails.cache.fetch("sku") { Product.find(params[:id]) }
    render :show
  end
end
