require 'sinatra'
require 'pg'

# The pg gem reached through a memoised helper: the receiver of `exec` is a method call, not a variable made by
# PG.connect, so only the SQL text says what it runs.
def db
  @db ||= PG.connect(dbname: 'shop')
end

module Customers
  def self.by_email(email)
    sql = "SELECT id, name FROM customers WHERE email = '#{email}'"
    # ruleid: SQL_INJECTION
    db.exec(sql).first
  end

  def self.rename(id, name)
    # ok: SQL_INJECTION
    db.exec_params("UPDATE customers SET name = $1 WHERE id = $2", [name, id])
  end
end

get '/customers/:email' do |email|
  Customers.by_email(email).to_json
end

post '/customers/:id/name' do
  Customers.rename(params[:id], params[:name])
  # ruleid: SQL_INJECTION
  db.exec("DELETE FROM sessions WHERE customer_id = #{params[:id]}")
  # ok: SQL_INJECTION
  db.exec("DELETE FROM sessions WHERE stale = true")
  'ok'
end
