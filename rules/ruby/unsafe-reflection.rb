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

# A guard clause written as a modifier (`raise … unless LIST.include?(x)`) ends the request when the check fails,
# and a check of the request's entry itself (`params[:type]`) vets that entry where it is read again.
class Admin::CreationsController < ApplicationController
  CREATION_TYPES = %w[Bookmark Series Work].freeze

  def hide
    raise "unknown creation type #{params[:creation_type]}" unless CREATION_TYPES.include?(params[:creation_type])
    # ok: UNSAFE_REFLECTION
    @creation_class = params[:creation_type].constantize
    @creation = @creation_class.find(params[:id])
  end

  def tag_class
    type = params[:type]
    fail ArgumentError, "unknown tag type" unless CREATION_TYPES.include?(type.classify)
    # ok: UNSAFE_REFLECTION
    @tag_class = type.classify.constantize
    # ruleid: UNSAFE_REFLECTION
    @other_class = params[:other_type].constantize
  end

  def audit
    Rails.logger.warn("unexpected creation type") unless CREATION_TYPES.include?(params[:creation_type])
    # ruleid: UNSAFE_REFLECTION
    @creation_class = params[:creation_type].constantize
  end
end

# A dispatch on a name the code starts with a fixed prefix reaches only the methods named for it.
class CheckoutStepsController < ApplicationController
  def validate
    # ok: UNSAFE_REFLECTION
    valid = __send__ "validate_#{params[:step]}"
    # ruleid: UNSAFE_REFLECTION
    fired = @order.public_send("#{params[:event]}!")
    render json: { valid: valid, fired: fired }
  end
end

# A symbol with a fixed prefix reaches only the methods named for that dispatch.
class MailDispatchController < ApplicationController
  def deliver
    # ok: UNSAFE_REFLECTION
    send(:"dispatch_#{params[:mail_type]}_mail")
    # ruleid: UNSAFE_REFLECTION
    send(:"#{params[:mail_type]}")
    head :ok
  end
end

# The controller's strong parameters read through its own method: the check on the entry holds where the
# branch reads the same entry again.
class CommentsController < ApplicationController
  def commentable_class
    if Commentable.allowed_types.include?(comment_params[:commentable_type])
      # ok: UNSAFE_REFLECTION
      comment_params[:commentable_type].constantize
    else
      raise "Invalid commentable"
    end
  end

  def subscribable_class
    if Subscribable.allowed_types.include?(comment_params[:commentable_type])
      # ruleid: UNSAFE_REFLECTION
      comment_params[:subscribable_type].constantize
    end
  end

  def unchecked_class
    # ruleid: UNSAFE_REFLECTION
    comment_params[:commentable_type].constantize
  end

  private

  def comment_params
    params.require(:comment).permit(:content, :commentable_type, :subscribable_type, :commentable_id)
  end
end

# A factory of a model's subclasses: the class found is kept only if it is one of the model's own descendants
# (implicit self), before anything is instantiated.
class Source < ApplicationRecord
  def self.subclass_for(name)
    klass = nil
    begin
      # ok: UNSAFE_REFLECTION
      klass = name.to_s.classify.constantize
    rescue NameError
      klass = nil
    end
    klass = nil unless descendants.include?(klass)
    klass
  end
end

class SourcesController < ApplicationController
  def create
    @source = Source.subclass_for(params[:type])&.new
  end

  def preview
    # ruleid: UNSAFE_REFLECTION
    params[:type].to_s.classify.constantize.new
  end
end
