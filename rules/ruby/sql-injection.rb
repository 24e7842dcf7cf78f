# Product search in a Rails back office.
class ProductsController < ApplicationController
  def search
    # ruleid: SQL_INJECTION
    products = Product.where("name LIKE '%#{params[:q]}%'")
    # ok: SQL_INJECTION
    safe = Product.where("name LIKE ?", "%#{Product.sanitize_sql_like(params[:q].to_s)}%")
    # ok: SQL_INJECTION
    by_brand = Product.where(brand: params[:brand])
    render json: products + safe + by_brand
  end

  def known
    # ok: SQL_INJECTION
    found = Product.exists?("#{params[:sku]}")
    # ruleid: SQL_INJECTION
    named = Product.exists?(["name = '#{params[:name]}'"])
    render json: { found: found, named: named }
  end

  # The array form binds the values after its SQL to the `?` placeholders (quoted, like `where("a = ?", v)`);
  # only an SQL text built from the request is injected.
  def matching
    query = params[:query]
    # ok: SQL_INJECTION
    comments = Comment.where(["lower(body) LIKE lower('%'||?||'%')", query])
    # ok: SQL_INJECTION
    tracks = Track.where(['kind = ? AND name LIKE ?', params[:kind], "%#{query}%"])
    # ok: SQL_INJECTION
    rows = Product.find_by_sql(["SELECT * FROM products WHERE sku = ?", params[:sku]])
    # ok: SQL_INJECTION
    known = Product.exists?(["name = ?", params[:name]])
    # ruleid: SQL_INJECTION
    loose = Comment.where(["lower(body) LIKE '%#{query}%' AND id > ?", 1])
    # ruleid: SQL_INJECTION
    chosen = Comment.where([params[:condition], query])
    # ruleid: SQL_INJECTION
    formatted = Comment.where(["id = %s", params[:id]])
    render json: [comments, tracks, rows, known, loose, chosen, formatted]
  end

  def sorted
    # ruleid: SQL_INJECTION
    render json: Product.order(params[:sort]).limit(20)
  end

  def stale
    days = params[:days].to_i
    # ok: SQL_INJECTION
    render json: Product.where("updated_at < NOW() - INTERVAL '#{days} days'")
  end

  def bulk_archive
    # ok: SQL_INJECTION
    result = Products::ArchiveService.new(current_user).execute(params[:ids])
    # ok: SQL_INJECTION
    hits = Product.search_client.query(params[:q])
    render json: { archived: result.count, hits: hits }
  end

  def legacy_totals
    conn = ActiveRecord::Base.connection
    # ruleid: SQL_INJECTION
    render json: conn.select_rows("SELECT region, SUM(qty) FROM sales WHERE sku = '#{params[:sku]}' GROUP BY region")
  end

  def report
    sql = "SELECT sku, SUM(qty) FROM sales WHERE region = '" + params[:region].to_s + "' GROUP BY sku"
    # ruleid: SQL_INJECTION
    render json: ActiveRecord::Base.connection.exec_query(sql).to_a
  end

  def totals
    @column = params[:column]
    # ruleid: SQL_INJECTION
    total = Order.calculate(:sum, @column)
    # ok: SQL_INJECTION
    count = Order.where(status: params[:status]).calculate(:count, :id)
    # ruleid: SQL_INJECTION
    names = User.select(:name).reselect(@column).to_a
    render json: { total: total, count: count, names: names }
  end

  # A relation's schema names are the model's, whatever request data filtered it.
  def page
    items = Order.where(status: params[:status])
    column = "#{items.table_name}.#{items.primary_key}"
    # ok: SQL_INJECTION
    older = items.where("#{column} < ?", params[:before]).reorder(id: :desc)
    # ruleid: SQL_INJECTION
    newer = items.where("#{column} > #{params[:after]}")
    render json: { older: older, newer: newer }
  end

  # Permitted parameters are a hash: its keys are the permitted column names, its values bound.
  def claim
    wanted = params.require(:ticket).permit(:kind, :ref)
    # ok: SQL_INJECTION
    ticket = Ticket.find_or_initialize_by(wanted)
    # ok: SQL_INJECTION
    same = Ticket.where(params.require(:ticket).permit(:kind, :ref))
    # ruleid: SQL_INJECTION
    raw = Ticket.where(params[:filter])
    # ruleid: SQL_INJECTION
    one = Ticket.where(params.permit(:kind)[:kind])
    # ok: SQL_INJECTION
    kept = Ticket.find_or_create_by(ticket_params)
    render json: { ticket: ticket, same: same, raw: raw, one: one, kept: kept }
  end

  # A hash of conditions the code writes binds each value, whatever variable carries it; a date
  # parsed in the application's time zone is a date.
  def between
    range = {}
    if params.key?(:from) && params.key?(:to)
      from = Time.zone.parse(params[:from]).utc
      to = Time.zone.parse(params[:to]).utc
      range = { created_at: { "$gte" => from, "$lte" => to } }
    end
    # ok: SQL_INJECTION
    notices = Notice.where(range).to_a
    filter = { status: params[:status], kind: params[:kind] }
    # ok: SQL_INJECTION
    open = Ticket.where(filter)
    day = Time.zone.parse(params[:day])
    # ok: SQL_INJECTION
    same_day = Ticket.where("created_at::date = '#{day.to_date}'")
    clause = "kind = '#{params[:kind]}'"
    # ruleid: SQL_INJECTION
    raw = Ticket.where(clause)
    render json: { notices: notices, open: open, same_day: same_day, raw: raw }
  end

  private

  def ticket_params
    params.require(:ticket).permit(:kind, :ref)
  end
end

# A heredoc's text follows the statement that starts it: its interpolations are the argument's.
class ReportsController < ApplicationController
  def by_owner
    # ruleid: SQL_INJECTION
    owner = User.find_by(<<~SQL)
      name = '#{params[:owner]}' AND active = 1
    SQL
    # ok: SQL_INJECTION
    recent = Report.where(<<~SQL, owner.id)
      owner_id = ? AND created_at > '#{30.days.ago.to_date}'
    SQL
    # The second heredoc is the query's name, not its SQL.
    # ok: SQL_INJECTION
    rows = Report.connection.select_all(<<~SQL, <<~NAME)
      SELECT * FROM reports WHERE archived = false
    SQL
      reports for #{params[:title]}
    NAME
    # Column values the database returns, whatever request data chose the rows.
    ids = Report.where(owner_name: params[:owner]).limit(20).pluck(:id)
    # ok: SQL_INJECTION
    threads = Report.joins(<<~SQL)
      inner join notes on notes.report_id in (#{ids.join(", ")})
    SQL
    # ruleid: SQL_INJECTION
    picked = Report.where("id in (#{params[:ids].pluck(:id).join(",")})")
    render json: { owner: owner, recent: recent, rows: rows, threads: threads, picked: picked }
  end

  # Named entries of the permitted parameters are a hash: hash conditions bind each value.
  def find_customer
    # ok: SQL_INJECTION
    customer = Customer.find_or_initialize_by(customer_params.slice(:email, :enterprise_id))
    # The named entries of the request's parameters, permitted whole (`permit!`) or turned into a hash (`to_h`):
    # still a hash whose keys are those names.
    # ok: SQL_INJECTION
    notes = Note.where(params.slice(:notable_tag, :notable_id, :notable_type).permit!)
    # ok: SQL_INJECTION
    flagged = Note.where(params.slice(:notable_id).permit!.to_h)
    # ruleid: SQL_INJECTION
    loose = Note.where(params.slice(:notable_id).permit![:notable_id])
    # `or` takes a relation; the SQL of a relation is Arel's, every value quoted.
    # ok: SQL_INJECTION
    either = Customer.where(bill_address: params[:address]).or(Customer.where(ship_address: params[:address]))
    variant_ids = Exchange.where(order_cycle_id: params[:order_cycle_id]).select(:variant_id)
    # ok: SQL_INJECTION
    variants = Variant.where("variants.id IN (#{variant_ids.to_sql})")
    # ruleid: SQL_INJECTION
    named = Customer.where("name = '#{customer_params[:name]}'")
    # An Arel predicate quotes the value it compares with.
    # ok: SQL_INJECTION
    tagged = Tag.where(Tag.arel_table[:name].matches("#{params[:term]}%"))
    # ruleid: SQL_INJECTION
    raw_tagged = Tag.where(Arel.sql("name LIKE '#{params[:term]}%'"))
    render json: { customer: customer, either: either, variants: variants, named: named, tagged: tagged, raw_tagged: raw_tagged }
  end

  private

  def customer_params
    params.require(:customer).permit(:email, :enterprise_id, :name)
  end
end

# A record a request key found is the application's row, not the request's text: given to `from` (a subquery of its
# relation) or interpolated (`#{shop.id}`), it brings no SQL of the caller's.
class ShopReportsController < ApplicationController
  def tags
    # ok: SQL_INJECTION
    methods = PaymentMethod.from(managed_shop)
    shop = Shop.managed_by(current_user).find_by!(id: params[:shop_id])
    # ok: SQL_INJECTION
    orders = Order.where("orders.shop_id = #{shop.id}")
    # ruleid: SQL_INJECTION
    raw = Order.where("orders.note = '#{params[:note]}'")
    # The request's own list searched with Enumerable#find is still the request's text:
    picked = params[:names].find { |n| n.start_with?("a") }
    # ruleid: SQL_INJECTION
    chosen = Order.where("orders.name = '#{picked}'")
    render json: { methods: methods, orders: orders, raw: raw, chosen: chosen }
  end

  private

  def managed_shop
    Shop.managed_by(current_user).select('shops.id').find_by(id: params[:shop_id])
  end
end

# Search forms: the request's parameters as a hash, narrowed to what was filled in. Hash conditions bind the
# values and quote the keys as column names.
class AuditsController < ApplicationController
  def index
    query = params[:search]&.to_unsafe_h&.select { |_, v| v.present? }
    key = query&.delete(:key)
    # ok: SQL_INJECTION
    scope = Audit.where(query)
    # ok: SQL_INJECTION
    grants = Grant.where(params[:search]&.to_unsafe_h&.slice(:key, :project_id)&.select { |_, v| v.present? })
    search = params[:search] || ActionController::Parameters.new
    filled = search.permit(*Build.column_names).select { |_, v| v.present? }
    # ok: SQL_INJECTION
    builds = Build.where(filled).order(id: :desc)
    permitted = params.
      fetch(:search, {}).
      permit(:id, :name, :value).
      select { |_, v| v.present? }
    # ok: SQL_INJECTION
    variables = EnvironmentVariable.where(permitted)
    # An Arel node made from the text quotes it as a literal.
    # ok: SQL_INJECTION
    scope = scope.where(Arel::Nodes::Matches.new(Audit.arel_table[:audited_changes], Arel::Nodes.build_quoted("%\n#{key}:\n%"), nil, false)) if key
    # ruleid: SQL_INJECTION
    loose = Audit.where(params[:search]&.to_unsafe_h&.fetch(:condition))
    # ruleid: SQL_INJECTION
    listed = Audit.where(params[:search].to_unsafe_h.map { |k, v| "#{k} = '#{v}'" }.join(" AND "))
    render json: { scope: scope, grants: grants, builds: builds, variables: variables, loose: loose, listed: listed }
  end
end

class CategoriesController < ApplicationController
  # Each posted id made a number before it is written into the SQL text.
  def reorder
    ids = params[:order].map(&:to_i)
    # ok: SQL_INJECTION
    Category.where("id IN (#{ids.join(',')})").update_all("sort_priority = 0")
    names = params[:names].map(&:to_s)
    # ruleid: SQL_INJECTION
    Category.where("name IN ('#{names.join("','")}')").update_all("sort_priority = 0")
    head :ok
  end
end
