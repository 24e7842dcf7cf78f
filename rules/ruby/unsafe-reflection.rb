# Admin tools of a Rails shop: exporters and imports chosen by name.

class Admin::ToolsController < ApplicationController
  EXPORTERS = { "csv" => CsvExporter }.freeze

  def export
    # ruleid: UNSAFE_REFLECTION
    exporter = params[:kind].constantize.new
    # ok: UNSAFE_REFLECTION
    known = EXPORTERS.fetch(params[:format].to_s, CsvExporter).new
    # ruleid: UNSAFE_REFLECTION
    result = Maintenance.new.send(params[:task])
    render json: { a: exporter.run, b: known.run, c: result }
  end

  def import_type
    type =
      begin
        # ok: UNSAFE_REFLECTION
        Object.const_get(params[:type].to_s)
      rescue NameError
        nil
      end
    type = nil unless type.is_a?(Class) && type < Import
    render json: { type: type&.name }
  end
end
